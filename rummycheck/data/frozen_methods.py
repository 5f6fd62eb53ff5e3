"""The methods ``dataclasses`` writes for rummycheck's frozen classes, compiled ahead: made by
``python -m rummycheck.data.compile_frozen`` (never edit it by hand; a test checks it).

Each ``__create_fn__`` below is one text exactly as ``dataclasses`` gives it to ``exec``;
``MADE`` files it under that text.  Only ``rummycheck.frozen.dataclass`` uses this, and only
on the Python version named here.
"""
# ruff: noqa
# mypy: ignore-errors

PYTHON = (3, 11)
MADE = {}

def __create_fn__(_type_index, _type_bit, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,index:_type_index,bit:_type_bit)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'index',index)
  __dataclass_builtins_object__.__setattr__(self,'bit',bit)
 return __init__
MADE["def __create_fn__(_type_index, _type_bit, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):\n def __init__(self,index:_type_index,bit:_type_bit)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'index',index)\n  __dataclass_builtins_object__.__setattr__(self,'bit',bit)\n return __init__"] = __create_fn__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(index={self.index!r})"
 return __repr__
MADE['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(index={self.index!r})"\n return __repr__'] = __create_fn__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.index,)==(other.index,)
  return NotImplemented
 return __eq__
MADE['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.index,)==(other.index,)\n  return NotImplemented\n return __eq__'] = __create_fn__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('index','bit',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
MADE['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'index\',\'bit\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('index','bit',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
MADE['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'index\',\'bit\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__

def __create_fn__(_type_card, _type_line, _type_column, _type_token, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,card:_type_card,line:_type_line,column:_type_column,token:_type_token)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'card',card)
  __dataclass_builtins_object__.__setattr__(self,'line',line)
  __dataclass_builtins_object__.__setattr__(self,'column',column)
  __dataclass_builtins_object__.__setattr__(self,'token',token)
 return __init__
MADE["def __create_fn__(_type_card, _type_line, _type_column, _type_token, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):\n def __init__(self,card:_type_card,line:_type_line,column:_type_column,token:_type_token)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'card',card)\n  __dataclass_builtins_object__.__setattr__(self,'line',line)\n  __dataclass_builtins_object__.__setattr__(self,'column',column)\n  __dataclass_builtins_object__.__setattr__(self,'token',token)\n return __init__"] = __create_fn__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(card={self.card!r}, line={self.line!r}, column={self.column!r}, token={self.token!r})"
 return __repr__
MADE['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(card={self.card!r}, line={self.line!r}, column={self.column!r}, token={self.token!r})"\n return __repr__'] = __create_fn__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.card,self.line,self.column,self.token,)==(other.card,other.line,other.column,other.token,)
  return NotImplemented
 return __eq__
MADE['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.card,self.line,self.column,self.token,)==(other.card,other.line,other.column,other.token,)\n  return NotImplemented\n return __eq__'] = __create_fn__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('card','line','column','token',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
MADE['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'card\',\'line\',\'column\',\'token\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('card','line','column','token',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
MADE['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'card\',\'line\',\'column\',\'token\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__

def __create_fn__():
 def __hash__(self):
  return hash((self.card,self.line,self.column,self.token,))
 return __hash__
MADE['def __create_fn__():\n def __hash__(self):\n  return hash((self.card,self.line,self.column,self.token,))\n return __hash__'] = __create_fn__

def __create_fn__(_type_name, _type_type, _type_default, _type_help, _type_choices, _type_min, _type_max, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_help, _dflt_choices, _dflt_min, _dflt_max, _return_type):
 def __init__(self,name:_type_name,type:_type_type,default:_type_default,help:_type_help=_dflt_help,choices:_type_choices=_dflt_choices,min:_type_min=_dflt_min,max:_type_max=_dflt_max)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'name',name)
  __dataclass_builtins_object__.__setattr__(self,'type',type)
  __dataclass_builtins_object__.__setattr__(self,'default',default)
  __dataclass_builtins_object__.__setattr__(self,'help',help)
  __dataclass_builtins_object__.__setattr__(self,'choices',choices)
  __dataclass_builtins_object__.__setattr__(self,'min',min)
  __dataclass_builtins_object__.__setattr__(self,'max',max)
 return __init__
MADE["def __create_fn__(_type_name, _type_type, _type_default, _type_help, _type_choices, _type_min, _type_max, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_help, _dflt_choices, _dflt_min, _dflt_max, _return_type):\n def __init__(self,name:_type_name,type:_type_type,default:_type_default,help:_type_help=_dflt_help,choices:_type_choices=_dflt_choices,min:_type_min=_dflt_min,max:_type_max=_dflt_max)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'name',name)\n  __dataclass_builtins_object__.__setattr__(self,'type',type)\n  __dataclass_builtins_object__.__setattr__(self,'default',default)\n  __dataclass_builtins_object__.__setattr__(self,'help',help)\n  __dataclass_builtins_object__.__setattr__(self,'choices',choices)\n  __dataclass_builtins_object__.__setattr__(self,'min',min)\n  __dataclass_builtins_object__.__setattr__(self,'max',max)\n return __init__"] = __create_fn__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(name={self.name!r}, type={self.type!r}, default={self.default!r}, help={self.help!r}, choices={self.choices!r}, min={self.min!r}, max={self.max!r})"
 return __repr__
MADE['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(name={self.name!r}, type={self.type!r}, default={self.default!r}, help={self.help!r}, choices={self.choices!r}, min={self.min!r}, max={self.max!r})"\n return __repr__'] = __create_fn__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.name,self.type,self.default,self.help,self.choices,self.min,self.max,)==(other.name,other.type,other.default,other.help,other.choices,other.min,other.max,)
  return NotImplemented
 return __eq__
MADE['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.name,self.type,self.default,self.help,self.choices,self.min,self.max,)==(other.name,other.type,other.default,other.help,other.choices,other.min,other.max,)\n  return NotImplemented\n return __eq__'] = __create_fn__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('name','type','default','help','choices','min','max',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
MADE['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'name\',\'type\',\'default\',\'help\',\'choices\',\'min\',\'max\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('name','type','default','help','choices','min','max',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
MADE['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'name\',\'type\',\'default\',\'help\',\'choices\',\'min\',\'max\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__

def __create_fn__():
 def __hash__(self):
  return hash((self.name,self.type,self.default,self.help,self.choices,self.min,self.max,))
 return __hash__
MADE['def __create_fn__():\n def __hash__(self):\n  return hash((self.name,self.type,self.default,self.help,self.choices,self.min,self.max,))\n return __hash__'] = __create_fn__

def __create_fn__(_type_id, _type_text, _type_options, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_options, _return_type):
 def __init__(self,id:_type_id,text:_type_text,options:_type_options=_dflt_options)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'id',id)
  __dataclass_builtins_object__.__setattr__(self,'text',text)
  __dataclass_builtins_object__.__setattr__(self,'options',options)
 return __init__
MADE["def __create_fn__(_type_id, _type_text, _type_options, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_options, _return_type):\n def __init__(self,id:_type_id,text:_type_text,options:_type_options=_dflt_options)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'id',id)\n  __dataclass_builtins_object__.__setattr__(self,'text',text)\n  __dataclass_builtins_object__.__setattr__(self,'options',options)\n return __init__"] = __create_fn__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(id={self.id!r}, text={self.text!r}, options={self.options!r})"
 return __repr__
MADE['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(id={self.id!r}, text={self.text!r}, options={self.options!r})"\n return __repr__'] = __create_fn__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.id,self.text,self.options,)==(other.id,other.text,other.options,)
  return NotImplemented
 return __eq__
MADE['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.id,self.text,self.options,)==(other.id,other.text,other.options,)\n  return NotImplemented\n return __eq__'] = __create_fn__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('id','text','options',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
MADE['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'id\',\'text\',\'options\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('id','text','options',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
MADE['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'id\',\'text\',\'options\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__

def __create_fn__():
 def __hash__(self):
  return hash((self.id,self.text,self.options,))
 return __hash__
MADE['def __create_fn__():\n def __hash__(self):\n  return hash((self.id,self.text,self.options,))\n return __hash__'] = __create_fn__

def __create_fn__(_type_rule, _type_option, _type_readings, _type_actions, _type_point, _type_opening, _type_nearest, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_opening, _dflt_nearest, _return_type):
 def __init__(self,rule:_type_rule,option:_type_option,readings:_type_readings,actions:_type_actions,point:_type_point,opening:_type_opening=_dflt_opening,nearest:_type_nearest=_dflt_nearest)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'rule',rule)
  __dataclass_builtins_object__.__setattr__(self,'option',option)
  __dataclass_builtins_object__.__setattr__(self,'readings',readings)
  __dataclass_builtins_object__.__setattr__(self,'actions',actions)
  __dataclass_builtins_object__.__setattr__(self,'point',point)
  __dataclass_builtins_object__.__setattr__(self,'opening',opening)
  __dataclass_builtins_object__.__setattr__(self,'nearest',nearest)
 return __init__
MADE["def __create_fn__(_type_rule, _type_option, _type_readings, _type_actions, _type_point, _type_opening, _type_nearest, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_opening, _dflt_nearest, _return_type):\n def __init__(self,rule:_type_rule,option:_type_option,readings:_type_readings,actions:_type_actions,point:_type_point,opening:_type_opening=_dflt_opening,nearest:_type_nearest=_dflt_nearest)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'rule',rule)\n  __dataclass_builtins_object__.__setattr__(self,'option',option)\n  __dataclass_builtins_object__.__setattr__(self,'readings',readings)\n  __dataclass_builtins_object__.__setattr__(self,'actions',actions)\n  __dataclass_builtins_object__.__setattr__(self,'point',point)\n  __dataclass_builtins_object__.__setattr__(self,'opening',opening)\n  __dataclass_builtins_object__.__setattr__(self,'nearest',nearest)\n return __init__"] = __create_fn__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(rule={self.rule!r}, option={self.option!r}, readings={self.readings!r}, actions={self.actions!r}, point={self.point!r}, opening={self.opening!r}, nearest={self.nearest!r})"
 return __repr__
MADE['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(rule={self.rule!r}, option={self.option!r}, readings={self.readings!r}, actions={self.actions!r}, point={self.point!r}, opening={self.opening!r}, nearest={self.nearest!r})"\n return __repr__'] = __create_fn__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.rule,self.option,self.readings,self.actions,self.point,self.opening,self.nearest,)==(other.rule,other.option,other.readings,other.actions,other.point,other.opening,other.nearest,)
  return NotImplemented
 return __eq__
MADE['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.rule,self.option,self.readings,self.actions,self.point,self.opening,self.nearest,)==(other.rule,other.option,other.readings,other.actions,other.point,other.opening,other.nearest,)\n  return NotImplemented\n return __eq__'] = __create_fn__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('rule','option','readings','actions','point','opening','nearest',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
MADE['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'rule\',\'option\',\'readings\',\'actions\',\'point\',\'opening\',\'nearest\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('rule','option','readings','actions','point','opening','nearest',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
MADE['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'rule\',\'option\',\'readings\',\'actions\',\'point\',\'opening\',\'nearest\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__

def __create_fn__():
 def __hash__(self):
  return hash((self.rule,self.option,self.readings,self.actions,self.point,self.opening,self.nearest,))
 return __hash__
MADE['def __create_fn__():\n def __hash__(self):\n  return hash((self.rule,self.option,self.readings,self.actions,self.point,self.opening,self.nearest,))\n return __hash__'] = __create_fn__

def __create_fn__(_type_name, _type_title, _type_summary, _type_rules, _type_values, _type_presets, _type_preset, _type_disputes, _type_game, _type__lookup, _type__hash, _type__points, _type__decks, _type__hand_size, _type__wild, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_presets, _dflt_preset, _dflt_disputes, _dflt_game, _return_type):
 def __init__(self,name:_type_name,title:_type_title,summary:_type_summary,rules:_type_rules,values:_type_values,presets:_type_presets=_dflt_presets,preset:_type_preset=_dflt_preset,disputes:_type_disputes=_dflt_disputes,game:_type_game=_dflt_game)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'name',name)
  __dataclass_builtins_object__.__setattr__(self,'title',title)
  __dataclass_builtins_object__.__setattr__(self,'summary',summary)
  __dataclass_builtins_object__.__setattr__(self,'rules',rules)
  __dataclass_builtins_object__.__setattr__(self,'values',values)
  __dataclass_builtins_object__.__setattr__(self,'presets',presets)
  __dataclass_builtins_object__.__setattr__(self,'preset',preset)
  __dataclass_builtins_object__.__setattr__(self,'disputes',disputes)
  __dataclass_builtins_object__.__setattr__(self,'game',game)
  self.__post_init__()
 return __init__
MADE["def __create_fn__(_type_name, _type_title, _type_summary, _type_rules, _type_values, _type_presets, _type_preset, _type_disputes, _type_game, _type__lookup, _type__hash, _type__points, _type__decks, _type__hand_size, _type__wild, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_presets, _dflt_preset, _dflt_disputes, _dflt_game, _return_type):\n def __init__(self,name:_type_name,title:_type_title,summary:_type_summary,rules:_type_rules,values:_type_values,presets:_type_presets=_dflt_presets,preset:_type_preset=_dflt_preset,disputes:_type_disputes=_dflt_disputes,game:_type_game=_dflt_game)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'name',name)\n  __dataclass_builtins_object__.__setattr__(self,'title',title)\n  __dataclass_builtins_object__.__setattr__(self,'summary',summary)\n  __dataclass_builtins_object__.__setattr__(self,'rules',rules)\n  __dataclass_builtins_object__.__setattr__(self,'values',values)\n  __dataclass_builtins_object__.__setattr__(self,'presets',presets)\n  __dataclass_builtins_object__.__setattr__(self,'preset',preset)\n  __dataclass_builtins_object__.__setattr__(self,'disputes',disputes)\n  __dataclass_builtins_object__.__setattr__(self,'game',game)\n  self.__post_init__()\n return __init__"] = __create_fn__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(name={self.name!r}, title={self.title!r}, summary={self.summary!r}, rules={self.rules!r}, values={self.values!r}, presets={self.presets!r}, preset={self.preset!r}, disputes={self.disputes!r}, game={self.game!r})"
 return __repr__
MADE['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(name={self.name!r}, title={self.title!r}, summary={self.summary!r}, rules={self.rules!r}, values={self.values!r}, presets={self.presets!r}, preset={self.preset!r}, disputes={self.disputes!r}, game={self.game!r})"\n return __repr__'] = __create_fn__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.name,self.title,self.summary,self.rules,self.values,self.presets,self.preset,self.disputes,self.game,)==(other.name,other.title,other.summary,other.rules,other.values,other.presets,other.preset,other.disputes,other.game,)
  return NotImplemented
 return __eq__
MADE['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.name,self.title,self.summary,self.rules,self.values,self.presets,self.preset,self.disputes,self.game,)==(other.name,other.title,other.summary,other.rules,other.values,other.presets,other.preset,other.disputes,other.game,)\n  return NotImplemented\n return __eq__'] = __create_fn__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('name','title','summary','rules','values','presets','preset','disputes','game','_lookup','_hash','_points','_decks','_hand_size','_wild',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
MADE['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'name\',\'title\',\'summary\',\'rules\',\'values\',\'presets\',\'preset\',\'disputes\',\'game\',\'_lookup\',\'_hash\',\'_points\',\'_decks\',\'_hand_size\',\'_wild\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('name','title','summary','rules','values','presets','preset','disputes','game','_lookup','_hash','_points','_decks','_hand_size','_wild',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
MADE['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'name\',\'title\',\'summary\',\'rules\',\'values\',\'presets\',\'preset\',\'disputes\',\'game\',\'_lookup\',\'_hash\',\'_points\',\'_decks\',\'_hand_size\',\'_wild\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__

def __create_fn__(_type_kind, _type_cards, _type_stands_for, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,kind:_type_kind,cards:_type_cards,stands_for:_type_stands_for)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'kind',kind)
  __dataclass_builtins_object__.__setattr__(self,'cards',cards)
  __dataclass_builtins_object__.__setattr__(self,'stands_for',stands_for)
 return __init__
MADE["def __create_fn__(_type_kind, _type_cards, _type_stands_for, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):\n def __init__(self,kind:_type_kind,cards:_type_cards,stands_for:_type_stands_for)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'kind',kind)\n  __dataclass_builtins_object__.__setattr__(self,'cards',cards)\n  __dataclass_builtins_object__.__setattr__(self,'stands_for',stands_for)\n return __init__"] = __create_fn__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(kind={self.kind!r}, cards={self.cards!r}, stands_for={self.stands_for!r})"
 return __repr__
MADE['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(kind={self.kind!r}, cards={self.cards!r}, stands_for={self.stands_for!r})"\n return __repr__'] = __create_fn__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.kind,self.cards,self.stands_for,)==(other.kind,other.cards,other.stands_for,)
  return NotImplemented
 return __eq__
MADE['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.kind,self.cards,self.stands_for,)==(other.kind,other.cards,other.stands_for,)\n  return NotImplemented\n return __eq__'] = __create_fn__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('kind','cards','stands_for',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
MADE['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'kind\',\'cards\',\'stands_for\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('kind','cards','stands_for',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
MADE['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'kind\',\'cards\',\'stands_for\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__

def __create_fn__():
 def __hash__(self):
  return hash((self.kind,self.cards,self.stands_for,))
 return __hash__
MADE['def __create_fn__():\n def __hash__(self):\n  return hash((self.kind,self.cards,self.stands_for,))\n return __hash__'] = __create_fn__

def __create_fn__(_type_number, _type_meld, _type_owner, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_owner, _return_type):
 def __init__(self,number:_type_number,meld:_type_meld,owner:_type_owner=_dflt_owner)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'number',number)
  __dataclass_builtins_object__.__setattr__(self,'meld',meld)
  __dataclass_builtins_object__.__setattr__(self,'owner',owner)
 return __init__
MADE["def __create_fn__(_type_number, _type_meld, _type_owner, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_owner, _return_type):\n def __init__(self,number:_type_number,meld:_type_meld,owner:_type_owner=_dflt_owner)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'number',number)\n  __dataclass_builtins_object__.__setattr__(self,'meld',meld)\n  __dataclass_builtins_object__.__setattr__(self,'owner',owner)\n return __init__"] = __create_fn__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(number={self.number!r}, meld={self.meld!r}, owner={self.owner!r})"
 return __repr__
MADE['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(number={self.number!r}, meld={self.meld!r}, owner={self.owner!r})"\n return __repr__'] = __create_fn__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.number,self.meld,self.owner,)==(other.number,other.meld,other.owner,)
  return NotImplemented
 return __eq__
MADE['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.number,self.meld,self.owner,)==(other.number,other.meld,other.owner,)\n  return NotImplemented\n return __eq__'] = __create_fn__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('number','meld','owner',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
MADE['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'number\',\'meld\',\'owner\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('number','meld','owner',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
MADE['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'number\',\'meld\',\'owner\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__

def __create_fn__():
 def __hash__(self):
  return hash((self.number,self.meld,self.owner,))
 return __hash__
MADE['def __create_fn__():\n def __hash__(self):\n  return hash((self.number,self.meld,self.owner,))\n return __hash__'] = __create_fn__

def __create_fn__(_type_meld, _type_problems, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,meld:_type_meld,problems:_type_problems)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'meld',meld)
  __dataclass_builtins_object__.__setattr__(self,'problems',problems)
 return __init__
MADE["def __create_fn__(_type_meld, _type_problems, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):\n def __init__(self,meld:_type_meld,problems:_type_problems)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'meld',meld)\n  __dataclass_builtins_object__.__setattr__(self,'problems',problems)\n return __init__"] = __create_fn__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(meld={self.meld!r}, problems={self.problems!r})"
 return __repr__
MADE['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(meld={self.meld!r}, problems={self.problems!r})"\n return __repr__'] = __create_fn__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.meld,self.problems,)==(other.meld,other.problems,)
  return NotImplemented
 return __eq__
MADE['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.meld,self.problems,)==(other.meld,other.problems,)\n  return NotImplemented\n return __eq__'] = __create_fn__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('meld','problems',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
MADE['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'meld\',\'problems\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('meld','problems',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
MADE['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'meld\',\'problems\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__

def __create_fn__():
 def __hash__(self):
  return hash((self.meld,self.problems,))
 return __hash__
MADE['def __create_fn__():\n def __hash__(self):\n  return hash((self.meld,self.problems,))\n return __hash__'] = __create_fn__

def __create_fn__(_type_rule, _type_message, _type_settled, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_settled, _return_type):
 def __init__(self,rule:_type_rule,message:_type_message,settled:_type_settled=_dflt_settled)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'rule',rule)
  __dataclass_builtins_object__.__setattr__(self,'message',message)
  __dataclass_builtins_object__.__setattr__(self,'settled',settled)
 return __init__
MADE["def __create_fn__(_type_rule, _type_message, _type_settled, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_settled, _return_type):\n def __init__(self,rule:_type_rule,message:_type_message,settled:_type_settled=_dflt_settled)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'rule',rule)\n  __dataclass_builtins_object__.__setattr__(self,'message',message)\n  __dataclass_builtins_object__.__setattr__(self,'settled',settled)\n return __init__"] = __create_fn__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(rule={self.rule!r}, message={self.message!r}, settled={self.settled!r})"
 return __repr__
MADE['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(rule={self.rule!r}, message={self.message!r}, settled={self.settled!r})"\n return __repr__'] = __create_fn__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.rule,self.message,self.settled,)==(other.rule,other.message,other.settled,)
  return NotImplemented
 return __eq__
MADE['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.rule,self.message,self.settled,)==(other.rule,other.message,other.settled,)\n  return NotImplemented\n return __eq__'] = __create_fn__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('rule','message','settled',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
MADE['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'rule\',\'message\',\'settled\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('rule','message','settled',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
MADE['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'rule\',\'message\',\'settled\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__

def __create_fn__():
 def __hash__(self):
  return hash((self.rule,self.message,self.settled,))
 return __hash__
MADE['def __create_fn__():\n def __hash__(self):\n  return hash((self.rule,self.message,self.settled,))\n return __hash__'] = __create_fn__

def __create_fn__(_type_card, _type_target, _type_stands_for, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,card:_type_card,target:_type_target,stands_for:_type_stands_for)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'card',card)
  __dataclass_builtins_object__.__setattr__(self,'target',target)
  __dataclass_builtins_object__.__setattr__(self,'stands_for',stands_for)
 return __init__
MADE["def __create_fn__(_type_card, _type_target, _type_stands_for, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):\n def __init__(self,card:_type_card,target:_type_target,stands_for:_type_stands_for)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'card',card)\n  __dataclass_builtins_object__.__setattr__(self,'target',target)\n  __dataclass_builtins_object__.__setattr__(self,'stands_for',stands_for)\n return __init__"] = __create_fn__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(card={self.card!r}, target={self.target!r}, stands_for={self.stands_for!r})"
 return __repr__
MADE['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(card={self.card!r}, target={self.target!r}, stands_for={self.stands_for!r})"\n return __repr__'] = __create_fn__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.card,self.target,self.stands_for,)==(other.card,other.target,other.stands_for,)
  return NotImplemented
 return __eq__
MADE['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.card,self.target,self.stands_for,)==(other.card,other.target,other.stands_for,)\n  return NotImplemented\n return __eq__'] = __create_fn__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('card','target','stands_for',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
MADE['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'card\',\'target\',\'stands_for\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('card','target','stands_for',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
MADE['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'card\',\'target\',\'stands_for\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__

def __create_fn__():
 def __hash__(self):
  return hash((self.card,self.target,self.stands_for,))
 return __hash__
MADE['def __create_fn__():\n def __hash__(self):\n  return hash((self.card,self.target,self.stands_for,))\n return __hash__'] = __create_fn__

def __create_fn__(_type_variant, _type_hand, _type_melds, _type_deadwood, _type_deadwood_points, _type_legal, _type_reasons, _type_solver, _type_discard, _type_layoffs, _type_score, _type_opened, _type_facts, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_solver, _dflt_discard, _dflt_layoffs, _dflt_score, _dflt_opened, _dflt_facts, _return_type):
 def __init__(self,variant:_type_variant,hand:_type_hand,melds:_type_melds,deadwood:_type_deadwood,deadwood_points:_type_deadwood_points,legal:_type_legal,reasons:_type_reasons,solver:_type_solver=_dflt_solver,discard:_type_discard=_dflt_discard,layoffs:_type_layoffs=_dflt_layoffs,score:_type_score=_dflt_score,opened:_type_opened=_dflt_opened,facts:_type_facts=_dflt_facts)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'variant',variant)
  __dataclass_builtins_object__.__setattr__(self,'hand',hand)
  __dataclass_builtins_object__.__setattr__(self,'melds',melds)
  __dataclass_builtins_object__.__setattr__(self,'deadwood',deadwood)
  __dataclass_builtins_object__.__setattr__(self,'deadwood_points',deadwood_points)
  __dataclass_builtins_object__.__setattr__(self,'legal',legal)
  __dataclass_builtins_object__.__setattr__(self,'reasons',reasons)
  __dataclass_builtins_object__.__setattr__(self,'solver',solver)
  __dataclass_builtins_object__.__setattr__(self,'discard',discard)
  __dataclass_builtins_object__.__setattr__(self,'layoffs',layoffs)
  __dataclass_builtins_object__.__setattr__(self,'score',score)
  __dataclass_builtins_object__.__setattr__(self,'opened',opened)
  __dataclass_builtins_object__.__setattr__(self,'facts',facts)
 return __init__
MADE["def __create_fn__(_type_variant, _type_hand, _type_melds, _type_deadwood, _type_deadwood_points, _type_legal, _type_reasons, _type_solver, _type_discard, _type_layoffs, _type_score, _type_opened, _type_facts, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_solver, _dflt_discard, _dflt_layoffs, _dflt_score, _dflt_opened, _dflt_facts, _return_type):\n def __init__(self,variant:_type_variant,hand:_type_hand,melds:_type_melds,deadwood:_type_deadwood,deadwood_points:_type_deadwood_points,legal:_type_legal,reasons:_type_reasons,solver:_type_solver=_dflt_solver,discard:_type_discard=_dflt_discard,layoffs:_type_layoffs=_dflt_layoffs,score:_type_score=_dflt_score,opened:_type_opened=_dflt_opened,facts:_type_facts=_dflt_facts)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'variant',variant)\n  __dataclass_builtins_object__.__setattr__(self,'hand',hand)\n  __dataclass_builtins_object__.__setattr__(self,'melds',melds)\n  __dataclass_builtins_object__.__setattr__(self,'deadwood',deadwood)\n  __dataclass_builtins_object__.__setattr__(self,'deadwood_points',deadwood_points)\n  __dataclass_builtins_object__.__setattr__(self,'legal',legal)\n  __dataclass_builtins_object__.__setattr__(self,'reasons',reasons)\n  __dataclass_builtins_object__.__setattr__(self,'solver',solver)\n  __dataclass_builtins_object__.__setattr__(self,'discard',discard)\n  __dataclass_builtins_object__.__setattr__(self,'layoffs',layoffs)\n  __dataclass_builtins_object__.__setattr__(self,'score',score)\n  __dataclass_builtins_object__.__setattr__(self,'opened',opened)\n  __dataclass_builtins_object__.__setattr__(self,'facts',facts)\n return __init__"] = __create_fn__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(variant={self.variant!r}, hand={self.hand!r}, melds={self.melds!r}, deadwood={self.deadwood!r}, deadwood_points={self.deadwood_points!r}, legal={self.legal!r}, reasons={self.reasons!r}, solver={self.solver!r}, discard={self.discard!r}, layoffs={self.layoffs!r}, score={self.score!r}, opened={self.opened!r}, facts={self.facts!r})"
 return __repr__
MADE['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(variant={self.variant!r}, hand={self.hand!r}, melds={self.melds!r}, deadwood={self.deadwood!r}, deadwood_points={self.deadwood_points!r}, legal={self.legal!r}, reasons={self.reasons!r}, solver={self.solver!r}, discard={self.discard!r}, layoffs={self.layoffs!r}, score={self.score!r}, opened={self.opened!r}, facts={self.facts!r})"\n return __repr__'] = __create_fn__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.variant,self.hand,self.melds,self.deadwood,self.deadwood_points,self.legal,self.reasons,self.solver,self.discard,self.layoffs,self.score,self.opened,self.facts,)==(other.variant,other.hand,other.melds,other.deadwood,other.deadwood_points,other.legal,other.reasons,other.solver,other.discard,other.layoffs,other.score,other.opened,other.facts,)
  return NotImplemented
 return __eq__
MADE['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.variant,self.hand,self.melds,self.deadwood,self.deadwood_points,self.legal,self.reasons,self.solver,self.discard,self.layoffs,self.score,self.opened,self.facts,)==(other.variant,other.hand,other.melds,other.deadwood,other.deadwood_points,other.legal,other.reasons,other.solver,other.discard,other.layoffs,other.score,other.opened,other.facts,)\n  return NotImplemented\n return __eq__'] = __create_fn__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('variant','hand','melds','deadwood','deadwood_points','legal','reasons','solver','discard','layoffs','score','opened','facts',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
MADE['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'variant\',\'hand\',\'melds\',\'deadwood\',\'deadwood_points\',\'legal\',\'reasons\',\'solver\',\'discard\',\'layoffs\',\'score\',\'opened\',\'facts\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('variant','hand','melds','deadwood','deadwood_points','legal','reasons','solver','discard','layoffs','score','opened','facts',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
MADE['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'variant\',\'hand\',\'melds\',\'deadwood\',\'deadwood_points\',\'legal\',\'reasons\',\'solver\',\'discard\',\'layoffs\',\'score\',\'opened\',\'facts\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__

def __create_fn__():
 def __hash__(self):
  return hash((self.variant,self.hand,self.melds,self.deadwood,self.deadwood_points,self.legal,self.reasons,self.solver,self.discard,self.layoffs,self.score,self.opened,self.facts,))
 return __hash__
MADE['def __create_fn__():\n def __hash__(self):\n  return hash((self.variant,self.hand,self.melds,self.deadwood,self.deadwood_points,self.legal,self.reasons,self.solver,self.discard,self.layoffs,self.score,self.opened,self.facts,))\n return __hash__'] = __create_fn__

def __create_fn__(_type_melds, _type_deadwood, _type_points, _type_wilds_used, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,melds:_type_melds,deadwood:_type_deadwood,points:_type_points,wilds_used:_type_wilds_used)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'melds',melds)
  __dataclass_builtins_object__.__setattr__(self,'deadwood',deadwood)
  __dataclass_builtins_object__.__setattr__(self,'points',points)
  __dataclass_builtins_object__.__setattr__(self,'wilds_used',wilds_used)
 return __init__
MADE["def __create_fn__(_type_melds, _type_deadwood, _type_points, _type_wilds_used, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):\n def __init__(self,melds:_type_melds,deadwood:_type_deadwood,points:_type_points,wilds_used:_type_wilds_used)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'melds',melds)\n  __dataclass_builtins_object__.__setattr__(self,'deadwood',deadwood)\n  __dataclass_builtins_object__.__setattr__(self,'points',points)\n  __dataclass_builtins_object__.__setattr__(self,'wilds_used',wilds_used)\n return __init__"] = __create_fn__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(melds={self.melds!r}, deadwood={self.deadwood!r}, points={self.points!r}, wilds_used={self.wilds_used!r})"
 return __repr__
MADE['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(melds={self.melds!r}, deadwood={self.deadwood!r}, points={self.points!r}, wilds_used={self.wilds_used!r})"\n return __repr__'] = __create_fn__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.melds,self.deadwood,self.points,self.wilds_used,)==(other.melds,other.deadwood,other.points,other.wilds_used,)
  return NotImplemented
 return __eq__
MADE['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.melds,self.deadwood,self.points,self.wilds_used,)==(other.melds,other.deadwood,other.points,other.wilds_used,)\n  return NotImplemented\n return __eq__'] = __create_fn__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('melds','deadwood','points','wilds_used',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
MADE['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'melds\',\'deadwood\',\'points\',\'wilds_used\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('melds','deadwood','points','wilds_used',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
MADE['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'melds\',\'deadwood\',\'points\',\'wilds_used\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__

def __create_fn__():
 def __hash__(self):
  return hash((self.melds,self.deadwood,self.points,self.wilds_used,))
 return __hash__
MADE['def __create_fn__():\n def __hash__(self):\n  return hash((self.melds,self.deadwood,self.points,self.wilds_used,))\n return __hash__'] = __create_fn__

def __create_fn__(_type_cards, _type_table, _type_min_melds, _type_max_melds, _type_discard, _type_empty_without_discard, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_table, _dflt_min_melds, _dflt_max_melds, _dflt_discard, _dflt_empty_without_discard, _return_type):
 def __init__(self,cards:_type_cards,table:_type_table=_dflt_table,min_melds:_type_min_melds=_dflt_min_melds,max_melds:_type_max_melds=_dflt_max_melds,discard:_type_discard=_dflt_discard,empty_without_discard:_type_empty_without_discard=_dflt_empty_without_discard)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'cards',cards)
  __dataclass_builtins_object__.__setattr__(self,'table',table)
  __dataclass_builtins_object__.__setattr__(self,'min_melds',min_melds)
  __dataclass_builtins_object__.__setattr__(self,'max_melds',max_melds)
  __dataclass_builtins_object__.__setattr__(self,'discard',discard)
  __dataclass_builtins_object__.__setattr__(self,'empty_without_discard',empty_without_discard)
 return __init__
MADE["def __create_fn__(_type_cards, _type_table, _type_min_melds, _type_max_melds, _type_discard, _type_empty_without_discard, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_table, _dflt_min_melds, _dflt_max_melds, _dflt_discard, _dflt_empty_without_discard, _return_type):\n def __init__(self,cards:_type_cards,table:_type_table=_dflt_table,min_melds:_type_min_melds=_dflt_min_melds,max_melds:_type_max_melds=_dflt_max_melds,discard:_type_discard=_dflt_discard,empty_without_discard:_type_empty_without_discard=_dflt_empty_without_discard)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'cards',cards)\n  __dataclass_builtins_object__.__setattr__(self,'table',table)\n  __dataclass_builtins_object__.__setattr__(self,'min_melds',min_melds)\n  __dataclass_builtins_object__.__setattr__(self,'max_melds',max_melds)\n  __dataclass_builtins_object__.__setattr__(self,'discard',discard)\n  __dataclass_builtins_object__.__setattr__(self,'empty_without_discard',empty_without_discard)\n return __init__"] = __create_fn__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(cards={self.cards!r}, table={self.table!r}, min_melds={self.min_melds!r}, max_melds={self.max_melds!r}, discard={self.discard!r}, empty_without_discard={self.empty_without_discard!r})"
 return __repr__
MADE['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(cards={self.cards!r}, table={self.table!r}, min_melds={self.min_melds!r}, max_melds={self.max_melds!r}, discard={self.discard!r}, empty_without_discard={self.empty_without_discard!r})"\n return __repr__'] = __create_fn__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.cards,self.table,self.min_melds,self.max_melds,self.discard,self.empty_without_discard,)==(other.cards,other.table,other.min_melds,other.max_melds,other.discard,other.empty_without_discard,)
  return NotImplemented
 return __eq__
MADE['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.cards,self.table,self.min_melds,self.max_melds,self.discard,self.empty_without_discard,)==(other.cards,other.table,other.min_melds,other.max_melds,other.discard,other.empty_without_discard,)\n  return NotImplemented\n return __eq__'] = __create_fn__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('cards','table','min_melds','max_melds','discard','empty_without_discard',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
MADE['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'cards\',\'table\',\'min_melds\',\'max_melds\',\'discard\',\'empty_without_discard\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('cards','table','min_melds','max_melds','discard','empty_without_discard',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
MADE['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'cards\',\'table\',\'min_melds\',\'max_melds\',\'discard\',\'empty_without_discard\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__

def __create_fn__():
 def __hash__(self):
  return hash((self.cards,self.table,self.min_melds,self.max_melds,self.discard,self.empty_without_discard,))
 return __hash__
MADE['def __create_fn__():\n def __hash__(self):\n  return hash((self.cards,self.table,self.min_melds,self.max_melds,self.discard,self.empty_without_discard,))\n return __hash__'] = __create_fn__

def __create_fn__(_type_name, _type_column, _type_key, _type_per_game, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_per_game, _return_type):
 def __init__(self,name:_type_name,column:_type_column,key:_type_key,per_game:_type_per_game=_dflt_per_game)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'name',name)
  __dataclass_builtins_object__.__setattr__(self,'column',column)
  __dataclass_builtins_object__.__setattr__(self,'key',key)
  __dataclass_builtins_object__.__setattr__(self,'per_game',per_game)
 return __init__
MADE["def __create_fn__(_type_name, _type_column, _type_key, _type_per_game, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_per_game, _return_type):\n def __init__(self,name:_type_name,column:_type_column,key:_type_key,per_game:_type_per_game=_dflt_per_game)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'name',name)\n  __dataclass_builtins_object__.__setattr__(self,'column',column)\n  __dataclass_builtins_object__.__setattr__(self,'key',key)\n  __dataclass_builtins_object__.__setattr__(self,'per_game',per_game)\n return __init__"] = __create_fn__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(name={self.name!r}, column={self.column!r}, key={self.key!r}, per_game={self.per_game!r})"
 return __repr__
MADE['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(name={self.name!r}, column={self.column!r}, key={self.key!r}, per_game={self.per_game!r})"\n return __repr__'] = __create_fn__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.name,self.column,self.key,self.per_game,)==(other.name,other.column,other.key,other.per_game,)
  return NotImplemented
 return __eq__
MADE['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.name,self.column,self.key,self.per_game,)==(other.name,other.column,other.key,other.per_game,)\n  return NotImplemented\n return __eq__'] = __create_fn__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('name','column','key','per_game',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
MADE['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'name\',\'column\',\'key\',\'per_game\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('name','column','key','per_game',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
MADE['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'name\',\'column\',\'key\',\'per_game\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__

def __create_fn__():
 def __hash__(self):
  return hash((self.name,self.column,self.key,self.per_game,))
 return __hash__
MADE['def __create_fn__():\n def __hash__(self):\n  return hash((self.name,self.column,self.key,self.per_game,))\n return __hash__'] = __create_fn__

def __create_fn__(_type_ok, _type_text, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,ok:_type_ok,text:_type_text)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'ok',ok)
  __dataclass_builtins_object__.__setattr__(self,'text',text)
 return __init__
MADE["def __create_fn__(_type_ok, _type_text, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):\n def __init__(self,ok:_type_ok,text:_type_text)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'ok',ok)\n  __dataclass_builtins_object__.__setattr__(self,'text',text)\n return __init__"] = __create_fn__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(ok={self.ok!r}, text={self.text!r})"
 return __repr__
MADE['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(ok={self.ok!r}, text={self.text!r})"\n return __repr__'] = __create_fn__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.ok,self.text,)==(other.ok,other.text,)
  return NotImplemented
 return __eq__
MADE['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.ok,self.text,)==(other.ok,other.text,)\n  return NotImplemented\n return __eq__'] = __create_fn__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('ok','text',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
MADE['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'ok\',\'text\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('ok','text',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
MADE['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'ok\',\'text\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__

def __create_fn__():
 def __hash__(self):
  return hash((self.ok,self.text,))
 return __hash__
MADE['def __create_fn__():\n def __hash__(self):\n  return hash((self.ok,self.text,))\n return __hash__'] = __create_fn__

def __create_fn__(_type_points, _type_wild_points, _type_ace, _type_set_max, _type_set_duplicates, _type_max_wilds, _type_min_naturals, _type_omissions, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_omissions, _return_type):
 def __init__(self,points:_type_points,wild_points:_type_wild_points,ace:_type_ace,set_max:_type_set_max,set_duplicates:_type_set_duplicates,max_wilds:_type_max_wilds,min_naturals:_type_min_naturals,omissions:_type_omissions=_dflt_omissions)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'points',points)
  __dataclass_builtins_object__.__setattr__(self,'wild_points',wild_points)
  __dataclass_builtins_object__.__setattr__(self,'ace',ace)
  __dataclass_builtins_object__.__setattr__(self,'set_max',set_max)
  __dataclass_builtins_object__.__setattr__(self,'set_duplicates',set_duplicates)
  __dataclass_builtins_object__.__setattr__(self,'max_wilds',max_wilds)
  __dataclass_builtins_object__.__setattr__(self,'min_naturals',min_naturals)
  __dataclass_builtins_object__.__setattr__(self,'omissions',omissions)
 return __init__
MADE["def __create_fn__(_type_points, _type_wild_points, _type_ace, _type_set_max, _type_set_duplicates, _type_max_wilds, _type_min_naturals, _type_omissions, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_omissions, _return_type):\n def __init__(self,points:_type_points,wild_points:_type_wild_points,ace:_type_ace,set_max:_type_set_max,set_duplicates:_type_set_duplicates,max_wilds:_type_max_wilds,min_naturals:_type_min_naturals,omissions:_type_omissions=_dflt_omissions)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'points',points)\n  __dataclass_builtins_object__.__setattr__(self,'wild_points',wild_points)\n  __dataclass_builtins_object__.__setattr__(self,'ace',ace)\n  __dataclass_builtins_object__.__setattr__(self,'set_max',set_max)\n  __dataclass_builtins_object__.__setattr__(self,'set_duplicates',set_duplicates)\n  __dataclass_builtins_object__.__setattr__(self,'max_wilds',max_wilds)\n  __dataclass_builtins_object__.__setattr__(self,'min_naturals',min_naturals)\n  __dataclass_builtins_object__.__setattr__(self,'omissions',omissions)\n return __init__"] = __create_fn__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(points={self.points!r}, wild_points={self.wild_points!r}, ace={self.ace!r}, set_max={self.set_max!r}, set_duplicates={self.set_duplicates!r}, max_wilds={self.max_wilds!r}, min_naturals={self.min_naturals!r}, omissions={self.omissions!r})"
 return __repr__
MADE['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(points={self.points!r}, wild_points={self.wild_points!r}, ace={self.ace!r}, set_max={self.set_max!r}, set_duplicates={self.set_duplicates!r}, max_wilds={self.max_wilds!r}, min_naturals={self.min_naturals!r}, omissions={self.omissions!r})"\n return __repr__'] = __create_fn__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.points,self.wild_points,self.ace,self.set_max,self.set_duplicates,self.max_wilds,self.min_naturals,self.omissions,)==(other.points,other.wild_points,other.ace,other.set_max,other.set_duplicates,other.max_wilds,other.min_naturals,other.omissions,)
  return NotImplemented
 return __eq__
MADE['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.points,self.wild_points,self.ace,self.set_max,self.set_duplicates,self.max_wilds,self.min_naturals,self.omissions,)==(other.points,other.wild_points,other.ace,other.set_max,other.set_duplicates,other.max_wilds,other.min_naturals,other.omissions,)\n  return NotImplemented\n return __eq__'] = __create_fn__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('points','wild_points','ace','set_max','set_duplicates','max_wilds','min_naturals','omissions',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
MADE['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'points\',\'wild_points\',\'ace\',\'set_max\',\'set_duplicates\',\'max_wilds\',\'min_naturals\',\'omissions\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('points','wild_points','ace','set_max','set_duplicates','max_wilds','min_naturals','omissions',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
MADE['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'points\',\'wild_points\',\'ace\',\'set_max\',\'set_duplicates\',\'max_wilds\',\'min_naturals\',\'omissions\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__

def __create_fn__():
 def __hash__(self):
  return hash((self.points,self.wild_points,self.ace,self.set_max,self.set_duplicates,self.max_wilds,self.min_naturals,self.omissions,))
 return __hash__
MADE['def __create_fn__():\n def __hash__(self):\n  return hash((self.points,self.wild_points,self.ace,self.set_max,self.set_duplicates,self.max_wilds,self.min_naturals,self.omissions,))\n return __hash__'] = __create_fn__
